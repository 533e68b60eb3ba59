import type { Organization, Storage } from '@comply/storage';
import type { RunTool } from '../export/auditor.js';

/** What every section reads: the caller's read tools, the organization, the framework, the period. */
export interface PackageContext {
  /** A read tool run as the caller, through the tool core: the tools' access and errors apply. */
  run: RunTool;
  storage: Storage;
  organization: Organization;
  framework: { id: string; name: string; version: string | null };
  period: { start: string; end: string };
}

/** A generated file of the package, small enough to build in memory (a document, a table). */
export interface PackageFile {
  path: string;
  mediaType: string;
  content: Buffer;
}

/** What a section adds: its files, the evidence its records name, and a line for the manifest. */
export interface SectionResult {
  files: PackageFile[];
  /** Evidence records (evd_…) the section refers to: the evidence section includes their files. */
  evidenceIds?: string[];
  /** What the manifest says of the section (counts, the version it holds…). */
  summary: Record<string, unknown>;
}

/**
 * One part of the auditor package. Sections run in order before anything is sent, so a refusal
 * (an unknown framework, a tool's error) is an ordinary error reply; the evidence files they name
 * are then streamed after them. To add a part, write a section that reads its tools, returns its
 * files and the `evidenceIds` its records name, and append it to DOCUMENT_SECTIONS (build.ts), as
 * the control tests' runs do (test-runs.ts).
 */
export interface PackageSection {
  name: string;
  build(ctx: PackageContext): Promise<SectionResult>;
}

/** A JSON document as a package file. */
export function jsonFile(path: string, value: unknown): PackageFile {
  return { path, mediaType: 'application/json', content: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) };
}
