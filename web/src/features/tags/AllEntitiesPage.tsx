import type { JSX } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { TaggedObject } from '@/api/generated/TaggedObject';
import { OwnerAvatars } from '@/components/listView/OwnerAvatars';
import { TagChips } from '@/components/listView/TagChips';
import { testIds } from '@/testIds';
import { tagReadForbiddenMessage, truncatedTagName, useTag, useTaggedObjects } from './api';

/** The sections of the page, in order, with their titles. */
const sections: readonly { type: string; title: string }[] = [
  { type: 'dashboard', title: 'Dashboards' },
  { type: 'chart', title: 'Charts' },
  { type: 'query', title: 'Saved queries' },
  { type: 'dataset', title: 'Datasets' },
];

function tagIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `/superset/all_entities/?id=`: every object carrying one tag, by type. */
export function AllEntitiesPage(): JSX.Element {
  const [params] = useSearchParams();
  const tagId = tagIdOf(params);
  const tag = useTag(tagId);
  const objects = useTaggedObjects(tagId);
  const failure = tag.error ?? objects.error;

  return (
    <Page data-testid={testIds.tags.allEntitiesPage}>
      <h1>{tag.data !== undefined ? `Tagged with ${truncatedTagName(tag.data.name)}` : 'Tagged objects'}</h1>
      {tag.data?.description !== null && tag.data?.description !== undefined && <Muted>{tag.data.description}</Muted>}
      {tagId === null && <Muted role="alert">No tag given</Muted>}
      {failure !== null && <Muted role="alert">{failure.status === 403 ? tagReadForbiddenMessage : errorMessage(failure)}</Muted>}
      {objects.isPending && tagId !== null && <Muted>Loading...</Muted>}
      {objects.data !== undefined &&
        sections.map((section) => {
          const items = objects.data.filter((object) => object.type === section.type);
          return (
            <section key={section.type}>
              <h2>{section.title}</h2>
              {items.length === 0 ? <Muted>No Data</Muted> : <EntityTable items={items} />}
            </section>
          );
        })}
    </Page>
  );
}

function EntityTable({ items }: { items: readonly TaggedObject[] }): JSX.Element {
  return (
    <Table>
      <thead>
        <tr>
          <th>Name</th>
          <th>Tags</th>
          <th>Owners</th>
          <th>Last modified</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.type}-${item.id}`} data-testid={testIds.tags.entity} data-object-type={item.type}>
            <td>
              <Link to={item.url}>{item.name}</Link>
            </td>
            <td>
              <TagChips tags={item.tags} />
            </td>
            <td>
              <OwnerAvatars owners={item.owners} />
            </td>
            <td>{item.changed_on.slice(0, 10)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Page = styled.main`
  padding: ${({ theme }) => `${theme.gridUnit * 4}px ${theme.gridUnit * 8}px`};
  overflow: auto;
  height: 100%;

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.l}px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${({ theme }) => theme.gridUnit * 2}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
