import { useParams } from 'react-router';
import { DocsShell } from '../../features/docs/components/docs-shell';
import { DocsIndex } from '../../features/docs/components/docs-index';
import { DocViewer } from '../../features/docs/components/doc-viewer';
import { DOCS } from '../../features/docs/utils/catalogue';

export function DocsIndexRoute() {
  return (
    <DocsShell>
      <DocsIndex docs={DOCS} />
    </DocsShell>
  );
}

export function DocViewerRoute() {
  const { docId = '' } = useParams();
  return (
    <DocsShell>
      <DocViewer docId={docId} />
    </DocsShell>
  );
}
