import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.getElementById('initial-data')?.remove();
  vi.resetModules();
});

async function withAnswers(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'initial-data';
  element.textContent = JSON.stringify(answers);
  document.body.appendChild(element);
  return import('./initial-data');
}

describe('answers sent inside the page', () => {
  it('answers a GET for the same URL once, whatever the order of its parameters', async () => {
    const { takeInitialAnswer } = await withAnswers({ '/scms/items/category?sort=sort&limit=-1': { data: [1] } });
    expect(takeInitialAnswer('/scms/items/category', { limit: -1, sort: 'sort' })).toEqual({ data: [1] });
    expect(takeInitialAnswer('/scms/items/category', { limit: -1, sort: 'sort' })).toBeUndefined();
    expect(document.getElementById('initial-data')).toBeNull();
  });

  it('tells different parameters apart, and leaves out absent ones', async () => {
    const { takeInitialAnswer, requestKey } = await withAnswers({ '/api/v1/admin/medicine/hot?limit=8': [1] });
    expect(takeInitialAnswer('/api/v1/admin/medicine/hot', { limit: 6 })).toBeUndefined();
    expect(requestKey('/a', { b: undefined, c: null, d: [2, 1] })).toBe('/a?d=2&d=1');
    expect(takeInitialAnswer('/api/v1/admin/medicine/hot', { limit: 8, q: undefined })).toEqual([1]);
  });

  it('asks the API when the page carries nothing, or something unreadable', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'initial-data';
    element.textContent = '{not json';
    document.body.appendChild(element);
    const { takeInitialAnswer } = await import('./initial-data');
    expect(takeInitialAnswer('/scms/items/x', {})).toBeUndefined();
  });
});
