import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs } from '../lib/testing/dom';
import { ImagesInput } from './images-input';

beforeAll(installDomStubs);
afterEach(cleanup);

const uploadText = () => '上传';

function Field({ initial, max, preview }: { initial: string[]; max: number; preview?: 'viewer' | 'gallery' }) {
  const [value, setValue] = useState(initial);
  return (
    <ImagesInput
      value={value}
      onChange={setValue}
      max={max}
      upload={async (file) => `/uploads/${file.name}`}
      alt="营业执照图片"
      subject="营业执照图片"
      preview={preview}
      size={{ width: 96, height: 68 }}
      gap={4}
      uploadText={uploadText}
    />
  );
}

const chooseFiles = (...names: string[]) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((n) => new File(['x'], n, { type: 'image/png' })) } });
};

describe('ImagesInput', () => {
  it('names the thumbnails and buttons by subject, uploads several files at once, and removes one', async () => {
    render(<Field initial={['/a.png']} max={3} />);
    expect(screen.getByRole('button', { name: '查看营业执照图片 1' })).toBeTruthy();
    expect(screen.getByAltText('营业执照图片 1')).toBeTruthy();
    chooseFiles('b.png', 'c.png');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^删除营业执照图片/ })).toHaveLength(3));
    // at the limit the upload button goes away
    expect(screen.queryByRole('button', { name: '上传营业执照图片' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除营业执照图片 1' }));
    expect(screen.getAllByRole('button', { name: /^删除营业执照图片/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: '上传营业执照图片' }).textContent).toContain('上传');
  });

  it("as a gallery, shows antd's images with plain 删除 buttons", () => {
    render(<Field initial={['/a.png', '/b.png']} max={3} preview="gallery" />);
    expect(screen.queryByRole('button', { name: /^查看/ })).toBeNull();
    expect(screen.getByAltText('营业执照图片 2')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    expect(screen.getAllByRole('button', { name: '删除' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: '上传营业执照图片' })).toBeTruthy();
  });
});
