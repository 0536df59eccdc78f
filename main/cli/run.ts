// Source entry of the CLI (tests and development: node --import tsx main/cli/run.ts …).
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
