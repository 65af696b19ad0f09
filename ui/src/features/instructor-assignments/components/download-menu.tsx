import { DocIcon } from '../../../components/icons';
import { Menu } from '../../../components/menu';

/** The spec's four assignment downloads; PDF export is a later release, so each option says so. */
const OPTIONS = ['Questions only', 'Questions with writing space', 'Questions with answers', 'Complete (answers and grading instructions)'];

export function DownloadMenu() {
  return (
    <Menu
      label="Download"
      className="menu-right ia-download-menu"
      trigger={
        <span className="button button-secondary">
          <DocIcon width={16} height={16} /> Download
        </span>
      }
    >
      {() => (
        <div className="menu-panel ia-download-panel" data-testid="download-menu">
          <p className="ia-download-note">PDF downloads arrive in a coming release.</p>
          <ul className="ia-download-list">
            {OPTIONS.map((o) => (
              <li key={o}>
                <button type="button" className="menu-item" disabled aria-disabled="true">
                  {o}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Menu>
  );
}
