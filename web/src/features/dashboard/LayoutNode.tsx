import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { DashboardChartHolder } from './DashboardChartHolder';
import { useDashboardGrid } from './dashboardGridContext';
import { gridBaseUnit, gridGutterSize, widthInPixels, type LayoutComponent } from './dashboardLayout';
import { dropZoneProps, EditChrome } from './editing/EditChrome';
import { SafeMarkdown } from './SafeMarkdown';

export interface LayoutNodeProps {
  id: string;
  /** The component holding this one (a chart in a column takes the column's width). */
  parent: LayoutComponent | null;
}

/** A header size's heading level and font size (Superset's `header-small`, `-medium`, `-large`: l, xl, xxl). */
const headerSizes = {
  SMALL_HEADER: { tag: 'h4', fontSize: 'l' },
  MEDIUM_HEADER: { tag: 'h3', fontSize: 'xl' },
  LARGE_HEADER: { tag: 'h2', fontSize: 'xxl' },
} as const;

/** A header's text in its size: small, medium (the default) or large (spec 001 §3). */
function HeaderText({ headerSize, text }: { headerSize: string | undefined; text: string }): JSX.Element {
  const size = headerSize === 'SMALL_HEADER' || headerSize === 'LARGE_HEADER' ? headerSize : 'MEDIUM_HEADER';
  const { tag, fontSize } = headerSizes[size];
  return (
    <HeaderTitle as={tag} $fontSize={fontSize} data-testid={testIds.dashboard.header} data-header-size={size}>
      {text}
    </HeaderTitle>
  );
}

function isWhiteBackground(component: LayoutComponent): boolean {
  return component.meta.background === 'BACKGROUND_WHITE';
}

/** One component of the layout and, through it, its children (spec 001 §3 component types). */
export function LayoutNode({ id, parent }: LayoutNodeProps): JSX.Element | null {
  const { layout, editor } = useDashboardGrid();
  const component = layout[id];
  if (component === undefined) return null;
  const element = <LayoutElement component={component} parent={parent} />;
  const isContainer = component.type === 'ROOT' || component.type === 'GRID' || component.type === 'TAB';
  if (editor === null || isContainer) return element;
  return (
    <EditChrome
      id={id}
      type={component.type}
      widthColumns={component.meta.width ?? 1}
      heightUnits={component.meta.height ?? 50}
      isInRow={parent?.type === 'ROW'}
    >
      {element}
    </EditChrome>
  );
}

function LayoutElement({ component, parent }: { component: LayoutComponent; parent: LayoutComponent | null }): JSX.Element | null {
  const { layout, columnWidth, activeTabs, onTabChange, editor, hideTopLevelTabs = false } = useDashboardGrid();
  const id = component.id;
  const drop = dropZoneProps(editor, layout, id);
  const marker = { 'data-testid': testIds.dashboard.component, 'data-component-id': id, 'data-component-type': component.type };
  const children = component.children.map((childId) => <LayoutNode key={childId} id={childId} parent={component} />);
  const widthColumns = parent?.type === 'COLUMN' ? (parent.meta.width ?? 1) : (component.meta.width ?? 1);
  const heightPx = (component.meta.height ?? 50) * gridBaseUnit;

  switch (component.type) {
    case 'ROOT':
    case 'GRID':
    case 'TAB':
      return (
        <Stack {...marker} {...drop} $isEditing={editor !== null}>
          {children}
        </Stack>
      );
    case 'ROW':
      return (
        <Row {...marker} {...drop} $isWhite={isWhiteBackground(component)}>
          {children}
        </Row>
      );
    case 'COLUMN':
      return (
        <Column {...marker} {...drop} $isWhite={isWhiteBackground(component)} style={{ width: widthInPixels(component.meta.width ?? 1, columnWidth) }}>
          {children}
        </Column>
      );
    case 'TABS': {
      const activeTabId = activeTabs[id] ?? component.children[0];
      return (
        <Tabs {...marker}>
          {!(hideTopLevelTabs && parent?.type === 'ROOT') && (
            <TabBar role="tablist" data-testid={testIds.dashboard.tabsBar}>
              {component.children.map((tabId) => {
                const isActive = tabId === activeTabId;
                return (
                  <TabTitle
                    key={tabId}
                    role="tab"
                    aria-selected={isActive}
                    $isActive={isActive}
                    data-testid={testIds.dashboard.tab}
                    data-tab-id={tabId}
                    onClick={() => onTabChange(id, tabId)}
                  >
                    {layout[tabId]?.meta.text ?? 'Tab title'}
                  </TabTitle>
                );
              })}
            </TabBar>
          )}
          {activeTabId !== undefined && (
            <TabPanel role="tabpanel">
              <LayoutNode key={activeTabId} id={activeTabId} parent={component} />
            </TabPanel>
          )}
        </Tabs>
      );
    }
    case 'HEADER':
      return (
        <HeaderBox {...marker} $isWhite={isWhiteBackground(component)}>
          <HeaderText headerSize={component.meta.headerSize} text={component.meta.text ?? ''} />
        </HeaderBox>
      );
    case 'MARKDOWN':
      return (
        <MarkdownBox {...marker} style={{ width: widthInPixels(widthColumns, columnWidth), height: heightPx }}>
          <SafeMarkdown source={component.meta.code ?? ''} />
        </MarkdownBox>
      );
    case 'DIVIDER':
      return (
        <div {...marker}>
          <Divider data-testid={testIds.dashboard.divider} />
        </div>
      );
    case 'CHART':
      return (
        <div {...marker}>
          <DashboardChartHolder
            chartId={component.meta.chartId}
            widthPx={widthInPixels(widthColumns, columnWidth)}
            heightPx={heightPx}
            nameOverride={component.meta.sliceNameOverride}
            componentId={component.id}
          />
        </div>
      );
    case 'DYNAMIC':
      return null;
  }
}

const Stack = styled.div<{ $isEditing: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${gridGutterSize}px;
  min-width: 0;
  min-height: ${({ $isEditing }) => ($isEditing ? '64px' : '0')};
  padding-bottom: ${({ $isEditing }) => ($isEditing ? '48px' : '0')};
`;

const Row = styled.div<{ $isWhite: boolean }>`
  display: flex;
  flex-direction: row;
  flex-wrap: nowrap;
  gap: ${gridGutterSize}px;
  padding: ${({ $isWhite, theme }) => ($isWhite ? `${theme.gridUnit * 4}px` : '0')};
  background: ${({ $isWhite, theme }) => ($isWhite ? theme.colors.surface : 'transparent')};
`;

const Column = styled.div<{ $isWhite: boolean }>`
  display: flex;
  flex: none;
  flex-direction: column;
  gap: ${gridGutterSize}px;
  background: ${({ $isWhite, theme }) => ($isWhite ? theme.colors.surface : 'transparent')};
`;

const Tabs = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${gridGutterSize}px;
`;

const TabBar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 6}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const TabTitle = styled.button.attrs({ type: 'button' })<{ $isActive: boolean }>`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px 0`};
  border: 0;
  border-bottom: 2px solid ${({ $isActive, theme }) => ($isActive ? theme.colors.primary.base : 'transparent')};
  background: none;
  color: ${({ $isActive, theme }) => ($isActive ? theme.colors.primary.base : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: ${({ $isActive }) => ($isActive ? 600 : 400)};
  cursor: pointer;
`;

const TabPanel = styled.div`
  min-width: 0;
`;

const HeaderBox = styled.div<{ $isWhite: boolean }>`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 4}px`};
  background: ${({ $isWhite, theme }) => ($isWhite ? theme.colors.surface : 'transparent')};
`;

const HeaderTitle = styled.h3<{ $fontSize: 'l' | 'xl' | 'xxl' }>`
  margin: 0;
  font-size: ${({ theme, $fontSize }) => theme.fontSizes[$fontSize]}px;
  font-weight: 600;
`;

const MarkdownBox = styled.div`
  flex: none;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Divider = styled.hr`
  width: 100%;
  margin: ${({ theme }) => theme.gridUnit * 2}px 0;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
