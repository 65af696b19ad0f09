/** The server takes at most 1 MB of CSV text (contracts: importPreapprovedStudents). */
export const MAX_CSV_BYTES = 1_000_000;

const asText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

/** Read a chosen file as text in the browser; the server parses it and reports every skipped line. */
export async function readCsvFile(file: File): Promise<{ csv: string } | { error: string }> {
  if (file.size > MAX_CSV_BYTES) return { error: 'csv is larger than 1 MB' };
  let csv: string;
  try {
    csv = await asText(file);
  } catch {
    return { error: 'The file could not be read. Is it a text or CSV file?' };
  }
  if (!csv.trim()) return { error: 'csv is empty' };
  return { csv };
}
