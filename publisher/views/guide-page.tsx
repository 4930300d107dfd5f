/** @jsxImportSource hono/jsx */
/**
 * The staff guide as a page: the Markdown tree of guide/guide.ts written node by node in JSX, which
 * escapes every text and attribute. Only the kinds of node the guide uses become elements
 * (headings, paragraphs, lists, emphasis, links, code, rules, quotes); raw HTML and anything else
 * come out as their text.
 */
import type { Child } from 'hono/jsx';
import type { Nodes, Root } from 'mdast';
import { safeHref } from '../guide/guide';
import { document } from './layout';

function Node({ node }: { node: Nodes }): Child {
  const children = 'children' in node ? node.children.map((child) => <Node node={child} />) : null;
  switch (node.type) {
    case 'root':
      return <>{children}</>;
    case 'heading': {
      const Tag = `h${node.depth}` as 'h1';
      return <Tag>{children}</Tag>;
    }
    case 'paragraph':
      return <p>{children}</p>;
    case 'list':
      return node.ordered ? <ol>{children}</ol> : <ul>{children}</ul>;
    case 'listItem':
      // A tight list item's paragraph is its text alone, as a browser would show it.
      return (
        <li>
          {node.spread
            ? children
            : node.children.map((child) => (child.type === 'paragraph' ? child.children.map((inline) => <Node node={inline} />) : <Node node={child} />))}
        </li>
      );
    case 'strong':
      return <strong>{children}</strong>;
    case 'emphasis':
      return <em>{children}</em>;
    case 'blockquote':
      return <blockquote>{children}</blockquote>;
    case 'thematicBreak':
      return <hr />;
    case 'break':
      return <br />;
    case 'inlineCode':
      return <code>{node.value}</code>;
    case 'code':
      return (
        <pre>
          <code>{node.value}</code>
        </pre>
      );
    case 'link': {
      const href = safeHref(node.url);
      return href ? <a href={href}>{children}</a> : <>{children}</>;
    }
    case 'text':
    case 'html':
      return node.value;
    default:
      return children ? <>{children}</> : 'value' in node ? node.value : null;
  }
}

/** The guide page: its first heading is the page's title. */
export function guidePage(tree: Root): string {
  const first = tree.children.find((node) => node.type === 'heading' && node.depth === 1);
  const title = first && first.type === 'heading' ? first.children.map((child) => ('value' in child ? child.value : '')).join('') : 'Rettleiing';
  return document({
    title: `${title} – publisering – Kulturhuset Kaia`,
    nav: 'guide',
    children: (
      <article class="guide">
        <Node node={tree} />
      </article>
    ),
  });
}
