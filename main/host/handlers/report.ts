import { buildReport, fileNameOf, MIME, renderReport } from '../../report/index.js';
import type { Handlers } from './types.js';

/** A report as a file for the page to download (the Electron host prints PDFs with its own Chromium). */
export const reportHandlers: Pick<Handlers, 'report.export'> = {
  async 'report.export'(s, input) {
    const model = buildReport(s.engine, s.consultations(), input.consultationId, s.version, { turn: input.turn, allStates: input.allStates, includeExcluded: input.includeExcluded });
    const bytes = await renderReport(model, input.format);
    const safeTitle = fileNameOf(model.title).slice(0, 60) || 'report';
    return { fileName: `${safeTitle}${input.turn ? `-第${input.turn}轮` : ''}.${input.format}`, mime: MIME[input.format], base64: bytes.toString('base64'), warnings: model.warnings };
  },
};
