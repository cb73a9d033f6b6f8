import { useState, type JSX, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ErrorLevel } from '@/api/generated/ErrorLevel';
import type { ColorScale, QuiverTheme } from '@/theme/tokens';
import { testIds } from '@/testIds';

export const seeMoreLabel = 'See more';
export const seeLessLabel = 'See less';

/** Which display of the family drew the alert (`data-error-display`), for tests and styling. */
export type ErrorDisplayName =
  | 'unexpected'
  | 'database'
  | 'missing-dataset'
  | 'network'
  | 'invalid-sql'
  | 'field-validation'
  | 'timeout'
  | 'parameter';

export interface ErrorAlertProps {
  display: ErrorDisplayName;
  /** The bold first line: "DuckDB Error", "Timeout error", "Unexpected error"... */
  title: string;
  /** The short message under the title. */
  message?: ReactNode;
  /** Shown under the message, always (the offending SQL line, the rest of a long message). */
  description?: ReactNode;
  /** Hidden behind "See more" (issue codes, chart owners, a stack trace). */
  details?: ReactNode;
  level?: ErrorLevel;
}

/**
 * The box every error display draws (Superset's `ErrorAlert`): an icon and the title, the message,
 * an optional description, and details behind a "See more" / "See less" toggle.
 */
export function ErrorAlert({ display, title, message, description, details, level = 'error' }: ErrorAlertProps): JSX.Element {
  const [isDetailsVisible, setIsDetailsVisible] = useState(false);
  const hasDetails = details !== undefined && details !== null && details !== false;
  return (
    <Alert role="alert" $level={level} data-testid={testIds.errorMessage.alert} data-error-display={display}>
      <TitleRow>
        <Icon $level={level} aria-hidden viewBox="0 0 16 16">
          <circle cx="8" cy="8" r="8" />
          <rect x="7" y="3.5" width="2" height="6" rx="1" fill="currentColor" />
          <circle cx="8" cy="12" r="1.1" fill="currentColor" />
        </Icon>
        <Title data-testid={testIds.errorMessage.title}>{title}</Title>
      </TitleRow>
      <Body>
        {message !== undefined && message !== null && message !== '' && (
          <Message data-testid={testIds.errorMessage.message}>{message}</Message>
        )}
        {description !== undefined && description !== null && (
          <Description data-testid={testIds.errorMessage.description}>{description}</Description>
        )}
        {hasDetails && isDetailsVisible && <Details data-testid={testIds.errorMessage.details}>{details}</Details>}
        {hasDetails && (
          <Toggle
            type="button"
            aria-expanded={isDetailsVisible}
            data-testid={testIds.errorMessage.detailsToggle}
            onClick={() => setIsDetailsVisible((isVisible) => !isVisible)}
          >
            {isDetailsVisible ? seeLessLabel : seeMoreLabel}
          </Toggle>
        )}
      </Body>
    </Alert>
  );
}

interface LevelProps {
  $level: ErrorLevel;
}

function levelScale(theme: QuiverTheme, level: ErrorLevel): ColorScale {
  return theme.colors[level];
}

/** Text on the alert: dark shades on the light background, light ones in dark mode. */
function textColor(theme: QuiverTheme, level: ErrorLevel): string {
  const scale = levelScale(theme, level);
  const shade = theme.algorithm === 'dark' ? scale.light[1] : scale.dark[1];
  return shade ?? scale.base;
}

const Alert = styled.div<LevelProps>`
  width: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => `${theme.gridUnit * 3}px ${theme.gridUnit * 4}px`};
  border: 1px solid ${({ theme, $level }) => levelScale(theme, $level).light[1] ?? levelScale(theme, $level).base};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme, $level }) =>
    theme.algorithm === 'dark' ? theme.colors.surfaceMuted : (levelScale(theme, $level).light[4] ?? theme.colors.surface)};
  color: ${({ theme, $level }) => textColor(theme, $level)};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  overflow-wrap: anywhere;
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Icon = styled.svg<LevelProps>`
  flex: none;
  width: 16px;
  height: 16px;
  fill: ${({ theme, $level }) => levelScale(theme, $level).base};
  color: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.strong`
  font-weight: 600;
`;

const Body = styled.div`
  padding-left: ${({ theme }) => theme.gridUnit * 6}px;

  p {
    margin: ${({ theme }) => theme.gridUnit}px 0 0;
  }

  pre {
    margin: ${({ theme }) => theme.gridUnit}px 0 0;
    font-family: ${({ theme }) => theme.monospaceFontFamily};
    font-size: ${({ theme }) => theme.fontSizes.s}px;
    white-space: pre-wrap;
  }
`;

const Message = styled.p`
  white-space: pre-wrap;
`;

const Description = styled.div`
  white-space: pre-wrap;
`;

const Details = styled.div`
  margin-top: ${({ theme }) => theme.gridUnit}px;
`;

const Toggle = styled.button`
  margin-top: ${({ theme }) => theme.gridUnit}px;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
