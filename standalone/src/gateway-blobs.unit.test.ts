import { describe, expect, it } from 'vitest';
import { gatewayTarget } from './gateway';

const options = { commandUrl: 'http://command:3001', queryUrl: 'http://query:3002' };
const target = (method: string, path: string) => gatewayTarget(options, method, path)?.origin ?? 'ui';

describe('gateway routing of the image and blob paths', () => {
  it("sends the upload ticket and the local adapter's signed URLs to the command side, images to the query side", () => {
    expect(target('GET', '/editor/get-image-upload-url')).toBe('http://command:3001');
    expect(target('PUT', '/blobs/demo/images/0b7e0c1e-8d5b-4f4e-9a53-2f0f4f7f1a11.png')).toBe('http://command:3001');
    expect(target('GET', '/blobs/demo/images/0b7e0c1e-8d5b-4f4e-9a53-2f0f4f7f1a11.png')).toBe('http://command:3001');
    expect(target('GET', '/editor/images/0b7e0c1e-8d5b-4f4e-9a53-2f0f4f7f1a11.png')).toBe('http://query:3002');
  });

  it('leaves page paths to the UI', () => {
    expect(target('GET', '/student/assignments')).toBe('ui');
    expect(target('GET', '/blobsy')).toBe('ui');
  });
});
