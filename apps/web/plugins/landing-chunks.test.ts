import { describe, expect, it } from 'vitest';
import { importCircle } from './landing-chunks.ts';

const chunk = (fileName: string, ...imports: string[]) => ({ fileName, imports });

describe('importCircle, the build check of the joined chunks', () => {
  it('finds chunks that import each other, through a chunk left outside too', () => {
    expect(importCircle([chunk('page.js', 'a.js'), chunk('a.js', 'b.js'), chunk('b.js', 'a.js')])).toEqual([
      'a.js',
      'b.js',
      'a.js',
    ]);
    expect(
      importCircle([
        chunk('joined.js', 'outside.js'),
        chunk('outside.js', 'small.js'),
        chunk('small.js', 'joined.js'),
      ]),
    ).toEqual(['joined.js', 'outside.js', 'small.js', 'joined.js']);
  });

  it('passes chunks that share imports without a circle', () => {
    expect(
      importCircle([
        chunk('home.js', 'set.js', 'shared.js'),
        chunk('set.js', 'shared.js'),
        chunk('shared.js'),
      ]),
    ).toBeUndefined();
  });
});
