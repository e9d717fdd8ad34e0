// Template documents: what each block type writes, that no text or attribute can break out of its place, what
// validation refuses, and how versions compare for requirements.
import { describe, expect, it } from 'vitest';
import { BlockSchema, serializeBlock, type Block } from '../../../src/modules/templates/blocks.ts';
import { parseTemplate } from '../../../src/modules/templates/entry.ts';
import { atriumRequirement } from '../../../src/modules/templates/requirements.ts';

const block = (raw: unknown) => BlockSchema.parse(raw);

describe('serialisation to block markup', () => {
  const cases: [unknown, string][] = [
    [{ type: 'heading', text: 'Hi' }, '<!-- wp:heading --><h2 class="wp-block-heading">Hi</h2><!-- /wp:heading -->'],
    [
      { type: 'heading', level: 3, text: 'Hi', align: 'center' },
      '<!-- wp:heading {"level":3,"textAlign":"center"} --><h3 class="wp-block-heading has-text-align-center">Hi</h3><!-- /wp:heading -->',
    ],
    [{ type: 'paragraph', text: 'a & b' }, '<!-- wp:paragraph --><p>a &amp; b</p><!-- /wp:paragraph -->'],
    [
      { type: 'list', items: ['x'] },
      '<!-- wp:list --><ul class="wp-block-list"><!-- wp:list-item --><li>x</li><!-- /wp:list-item --></ul><!-- /wp:list -->',
    ],
    [
      { type: 'buttons', align: 'center', buttons: [{ text: 'Go', url: '/go?a=1&b=2', style: 'outline' }] },
      '<!-- wp:buttons {"layout":{"type":"flex","justifyContent":"center"}} --><div class="wp-block-buttons"><!-- wp:button {"className":"is-style-outline"} --><div class="wp-block-button is-style-outline"><a class="wp-block-button__link wp-element-button" href="/go?a=1&amp;b=2">Go</a></div><!-- /wp:button --></div><!-- /wp:buttons -->',
    ],
    [
      { type: 'image', url: 'https://x.test/a.png', alt: 'A "b"', caption: 'c' },
      '<!-- wp:image --><figure class="wp-block-image"><img src="https://x.test/a.png" alt="A &quot;b&quot;"/><figcaption class="wp-element-caption">c</figcaption></figure><!-- /wp:image -->',
    ],
    [
      { type: 'separator' },
      '<!-- wp:separator --><hr class="wp-block-separator has-alpha-channel-opacity"/><!-- /wp:separator -->',
    ],
    [
      { type: 'spacer', height: 24 },
      '<!-- wp:spacer {"height":"24px"} --><div style="height:24px" aria-hidden="true" class="wp-block-spacer"></div><!-- /wp:spacer -->',
    ],
    [
      { type: 'details', summary: 'Q?', text: 'A.' },
      '<!-- wp:details --><details class="wp-block-details"><summary>Q?</summary><!-- wp:paragraph --><p>A.</p><!-- /wp:paragraph --></details><!-- /wp:details -->',
    ],
    [
      { type: 'columns', columns: [[{ type: 'paragraph', text: '1' }], [{ type: 'paragraph', text: '2' }]] },
      '<!-- wp:columns --><div class="wp-block-columns"><!-- wp:column --><div class="wp-block-column"><!-- wp:paragraph --><p>1</p><!-- /wp:paragraph --></div><!-- /wp:column --><!-- wp:column --><div class="wp-block-column"><!-- wp:paragraph --><p>2</p><!-- /wp:paragraph --></div><!-- /wp:column --></div><!-- /wp:columns -->',
    ],
  ];
  for (const [raw, markup] of cases) {
    it((raw as { type: string }).type, () => expect(serializeBlock(block(raw))).toBe(markup));
  }

  it('attributes can never close the comment or the tag: --, <, >, & and quotes are escaped as the host does', () => {
    const form: Block = block({
      type: 'form',
      form: 'f',
      fields: [{ name: 'n', label: 'x --> <script>"&\\' }],
      submit: 'S',
    });
    const markup = serializeBlock(form);
    const comment = markup.slice(0, markup.indexOf(' -->') + 4);
    expect(comment).toBe(
      '<!-- wp:atrium/form {"form":"f","fields":[{"name":"n","label":"x \\u002d\\u002d\\u003e \\u003cscript\\u003e\\u0022\\u0026\\\\","type":"text","required":false}],"submit":"S"} -->',
    );
    // the attribute JSON still parses to the original text
    expect(JSON.parse(comment.slice('<!-- wp:atrium/form '.length, -4)).fields[0].label).toBe('x --> <script>"&\\');
    expect(markup).toContain('<label>x --&gt; &lt;script&gt;&quot;&amp;\\<br/><input type="text" name="n"/></label>');
  });
});

describe('validation', () => {
  it('refuses unsafe URLs, unknown block types, empty text and absurd nesting', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.test/x',
      'https://x.test/"onmouseover=x',
    ]) {
      expect(BlockSchema.safeParse({ type: 'buttons', buttons: [{ text: 'x', url }] }).success, url).toBe(false);
    }
    for (const url of ['https://x.test/a', 'http://x.test', 'mailto:a@b.test', 'tel:+1 555 0100', '/path', '#anchor']) {
      expect(BlockSchema.safeParse({ type: 'buttons', buttons: [{ text: 'x', url }] }).success, url).toBe(true);
    }
    expect(BlockSchema.safeParse({ type: 'html', html: '<script></script>' }).success).toBe(false);
    expect(BlockSchema.safeParse({ type: 'paragraph', text: '   ' }).success).toBe(false);

    const doc = (over: object) => ({
      key: 'k',
      title: 'T',
      category: 'c',
      sections: [{ key: 's', title: 'S', blocks: [{ type: 'separator' }] }],
      ...over,
    });
    expect(parseTemplate(doc({ preview_image: 'https://cdn.test/p.png' }), 'cloud')).toMatchObject({
      ok: true,
      template: { preview_image: 'https://cdn.test/p.png', source: 'cloud' },
    });
    for (const preview_image of ['javascript:alert(1)', 'ftp://cdn.test/p.png', 'p.png']) {
      expect(parseTemplate(doc({ preview_image }), 'cloud'), preview_image).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^preview_image: /),
      });
    }
    const dupSections = doc({
      sections: [
        { key: 's', title: 'S', blocks: [{ type: 'separator' }] },
        { key: 's', title: 'S2', blocks: [{ type: 'separator' }] },
      ],
    });
    expect(parseTemplate(dupSections, 'bundled')).toMatchObject({
      ok: false,
      error: 'sections: section keys must be unique',
    });

    let deep: unknown = { type: 'paragraph', text: 'x' };
    for (let i = 0; i < 5000; i++) deep = { type: 'group', blocks: [deep] };
    const r = parseTemplate(
      { key: 'deep', title: 'Deep', category: 'x', sections: [{ key: 's', title: 'S', blocks: [deep] }] },
      'cloud',
    );
    expect(r).toEqual({ ok: false, key: 'deep', error: 'nested deeper than 24 levels' });
  });
});

describe('versions', () => {
  const met = (installed: string, required: string) => atriumRequirement(required, installed).met;

  it('compare numerically by SemVer precedence: an installed version meets every requirement at or below it', () => {
    const ordered = [
      '0.0.1',
      '0.1.0',
      '0.9.9',
      '0.10.0',
      '1.0.0-alpha',
      '1.0.0-alpha.2',
      '1.0.0-alpha.10',
      '1.0.0-beta',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '2.0.0',
      '10.0.0',
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++)
        expect(met(ordered[i]!, ordered[j]!), `${ordered[i]} meets ${ordered[j]}`).toBe(i >= j);
    }
  });

  it('a pre-release of the required version does not meet it; a pre-release of a later one does', () => {
    expect(atriumRequirement('1.2.0', '1.2.0-beta')).toEqual({
      required: '1.2.0',
      installed: '1.2.0-beta',
      met: false,
      problem: 'Atrium 1.2.0 or later is needed; this site runs 1.2.0-beta.',
    });
    expect(met('1.2.0', '1.2.0-beta')).toBe(true);
    expect(met('1.3.0-beta', '1.2.0')).toBe(true);
    expect(met('1.2.0-rc.1', '1.2.0-beta.5')).toBe(true);
  });

  it('build metadata is accepted and ignored', () => {
    expect(met('1.2.0', '1.2.0+build.7')).toBe(true);
    expect(met('1.2.0+20261125', '1.2.0')).toBe(true);
    expect(met('1.1.9+build.99', '1.2.0')).toBe(false);
    const doc = {
      key: 'k',
      title: 'T',
      category: 'c',
      sections: [{ key: 's', title: 'S', blocks: [{ type: 'separator' }] }],
    };
    expect(
      parseTemplate(
        { ...doc, version: '2.0.0-rc.1+exp.sha.5114f85', requirements: { atrium: '0.1.0+build' } },
        'cloud',
      ),
    ).toMatchObject({
      ok: true,
      template: { version: '2.0.0-rc.1+exp.sha.5114f85', requirements: { atrium: '0.1.0+build' } },
    });
  });

  it('an invalid version in a template is reported, never a crash', () => {
    const doc = {
      key: 'k',
      title: 'T',
      category: 'c',
      sections: [{ key: 's', title: 'S', blocks: [{ type: 'separator' }] }],
    };
    for (const atrium of ['1.2', 'v1.2.0', ' 1.2.0', '01.2.0', '1.2.0-01', 'latest', '>=1.2.0']) {
      expect(parseTemplate({ ...doc, requirements: { atrium } }, 'cloud'), atrium).toEqual({
        ok: false,
        key: 'k',
        error: 'requirements.atrium: must be a version such as 0.1.0',
      });
    }
    expect(parseTemplate({ ...doc, version: '1.0' }, 'bundled')).toEqual({
      ok: false,
      key: 'k',
      error: 'version: must be a version such as 1.2.0',
    });
    // what validation would have refused, should one reach the check anyway
    expect(atriumRequirement('1.2', '0.1.0')).toEqual({
      required: '1.2',
      installed: '0.1.0',
      met: false,
      problem: 'The required Atrium version "1.2" is not a version such as 0.1.0.',
    });
    expect(atriumRequirement('0.1.0', 'dev')).toMatchObject({
      met: false,
      problem: 'This site\'s Atrium version "dev" is not a version such as 0.1.0.',
    });
  });
});
