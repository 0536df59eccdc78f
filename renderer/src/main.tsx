import { createRoot } from 'react-dom/client';
import { pickTransport } from './api/transport.js';
import { App } from './App.js';

createRoot(document.getElementById('root')!).render(<App transport={pickTransport()} />);
