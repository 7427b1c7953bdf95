import { cleanup, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';

function MotionProbe() {
  const { token } = antdTheme.useToken();
  return <p>{token.motion ? 'motion on' : 'motion off'}</p>;
}

function withReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('AppProviders', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps antd animations by default', () => {
    withReducedMotion(false);
    render(
      <AppProviders app={null}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion on')).toBeTruthy();
  });

  it('turns antd animations off when the system asks for reduced motion', () => {
    withReducedMotion(true);
    render(
      <AppProviders app={null}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion off')).toBeTruthy();
  });
});
