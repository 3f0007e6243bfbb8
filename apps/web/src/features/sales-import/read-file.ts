import { type ImportRow, importLimits, salesImportMessages } from '@tibay/contract';
import type { ReadFileMessage } from './read-file.worker.ts';

export type ReadResult = { rows: ImportRow[] } | { refused: string };

/**
 * Reads an import file in a Web Worker, reporting progress (0..1). A file over the size limit is refused before it
 * is read at all. The server reads and checks the file again on every call: this is for the clerk's eyes only.
 */
export function readImportFile(file: File, onProgress: (fraction: number) => void): Promise<ReadResult> {
  if (file.size > importLimits.maxBytes) return Promise.resolve({ refused: salesImportMessages.tooLarge });
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./read-file.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ReadFileMessage>) => {
      if (event.data.type === 'progress') {
        onProgress(event.data.fraction);
        return;
      }
      worker.terminate();
      resolve(event.data.result);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve({ refused: salesImportMessages.notSpreadsheet });
    };
    worker.postMessage(file);
  });
}
