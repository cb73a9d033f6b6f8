import type { JSX, ReactNode } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { markValue } from '../markValues';

export interface BigNumberLayoutProps {
  width: number;
  height: number;
  /** A line above the number: the latest timestamp (`show_timestamp`). */
  kicker?: string | null;
  header: string;
  /** The number the header shows, unformatted (its `data-value`); null when there is none. */
  value: number | null;
  /** Header size as a fraction of the height (`header_font_size`, 0.4 by default). */
  headerFontProportion: number;
  subheader: string | null;
  subheaderFontProportion: number;
  /** Drawn below the numbers: the trendline. */
  children?: ReactNode;
}

/** The big number's text block, centred, above an optional trendline. */
export function BigNumberLayout(props: BigNumberLayoutProps): JSX.Element {
  const { width, height, header, subheader, children } = props;
  const textHeight = children === undefined ? height : height / 2;
  return (
    <Container style={{ width, height }}>
      <TextBlock style={{ height: textHeight }}>
        {props.kicker !== undefined && props.kicker !== null && (
          <Kicker style={{ fontSize: Math.max(textHeight * props.subheaderFontProportion, 10) }}>{props.kicker}</Kicker>
        )}
        <Header data-testid={testIds.viz.bigNumber} data-value={markValue(props.value)} style={{ fontSize: Math.max(textHeight * props.headerFontProportion, 12) }}>
          {header}
        </Header>
        {subheader !== null && subheader !== '' && (
          <Subheader data-testid={testIds.viz.subheader} style={{ fontSize: Math.max(textHeight * props.subheaderFontProportion, 10) }}>
            {subheader}
          </Subheader>
        )}
      </TextBlock>
      {children}
    </Container>
  );
}

const Container = styled.div`
  display: flex;
  flex-direction: column;
  position: relative;
`;

const TextBlock = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  overflow: hidden;
`;

const Kicker = styled.div`
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1;
`;

const Header = styled.div`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  line-height: 1;
  white-space: nowrap;
`;

const Subheader = styled.div`
  margin-top: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1;
`;
