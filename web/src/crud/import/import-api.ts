import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { HttpClient } from '../../api/http';
import { dataOf } from '../crud-api';

/** A file as the import calls take it. */
export interface ImportUpload {
  fileName: string;
  content: string;
}

export interface ImportRowError {
  row: number;
  column: string;
  field: string;
  message: string;
}

export interface ImportPreview {
  total: number;
  valid: number;
  columns: { title: string; field: string }[];
  ignored: string[];
  errorCount: number;
  errors: ImportRowError[];
}

/** Bytes per chunk handed to String.fromCharCode: far below the engines' argument limits. */
const CHUNK = 0x8000;

/** A picked file as base64, the way the import calls carry it. */
export async function uploadOf(file: File): Promise<ImportUpload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return { fileName: file.name, content: btoa(binary) };
}

/** The import calls of an entity, at its base path (`/import/preview`, `/import/commit`). */
export function importApi(http: HttpClient, entity: AnyEntity) {
  return {
    // Quiet: the dialog shows a refusal beside the file it is about, not as a toast.
    preview: async (upload: ImportUpload) => dataOf(await http.post(`${entity.basePath}/import/preview`, upload, { quiet: true })) as ImportPreview,
    commit: async (upload: ImportUpload) => dataOf(await http.post(`${entity.basePath}/import/commit`, upload, { quiet: true })) as { imported: number },
  };
}

/** Query keys of an entity's lists: what an import invalidates. */
export const entityListKey = (entity: AnyEntity) => ['entity', entity.name] as const;
