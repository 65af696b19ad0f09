import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { CsvImport } from './csv-import';

const file = (text: string, name = 'students.csv') => new File([text], name, { type: 'text/csv' });

describe('CsvImport', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the chosen file in the browser, posts its text and reports added and skipped lines', async () => {
    const csv = 'email\nnew.one@demo.school\nnot-an-email\npupil@demo.school\n';
    const { calls } = mockApi({
      'POST /admin/import-preapproved-students': () => ({
        body: {
          added: ['new.one@demo.school'],
          skipped: [
            { line: 3, value: 'not-an-email', reason: 'not an e-mail address' },
            { line: 4, value: 'pupil@demo.school', reason: 'already pre-approved' },
          ],
          position: '42',
        },
      }),
    });
    const { client } = renderRoutes([{ path: '/', element: <CsvImport /> }], '/');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fireEvent.change(screen.getByLabelText('CSV file of student emails'), { target: { files: [file(csv)] } });
    const result = await screen.findByTestId('csv-result');
    expect(calls[0]).toMatchObject({ key: 'POST /admin/import-preapproved-students', body: { csv } });
    expect(result.textContent).toContain('students.csv');
    expect(result.textContent).toContain('1 added');
    expect(result.textContent).toContain('2 skipped');
    const rows = within(result)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['3not-an-emailnot an e-mail address', '4pupil@demo.schoolalready pre-approved']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'school'] });
  });

  it('refuses an empty file without calling the server, and shows server refusals', async () => {
    const { calls } = mockApi({
      'POST /admin/import-preapproved-students': () => ({ status: 400, body: { message: 'csv is larger than 1 MB' } }),
    });
    renderRoutes([{ path: '/', element: <CsvImport /> }], '/');
    fireEvent.change(screen.getByLabelText('CSV file of student emails'), { target: { files: [file('  \n')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('csv is empty');
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('CSV file of student emails'), { target: { files: [file('a@demo.school')] } });
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('csv is larger than 1 MB'));
  });
});
