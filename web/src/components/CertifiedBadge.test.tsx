import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { CertifiedBadge } from './CertifiedBadge';

describe('CertifiedBadge', () => {
  it('is named after the certifier and shows the certifier and details in a tooltip on hover', () => {
    renderWithTheme(<CertifiedBadge certifiedBy="Data team" details="Audited in May" />);
    const icon = screen.getByRole('img', { name: 'Certified by Data team' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(icon);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.querySelector('strong')?.textContent).toBe('Certified by Data team');
    expect(tooltip.textContent).toBe('Certified by Data teamAudited in May');
    expect(icon.getAttribute('aria-describedby')).toBe(tooltip.id);

    fireEvent.mouseLeave(icon);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on keyboard focus, without details when there are none', () => {
    renderWithTheme(<CertifiedBadge certifiedBy="Ada" details={null} />);
    fireEvent.focus(screen.getByTestId(testIds.certifiedBadge.icon));
    expect(screen.getByTestId(testIds.certifiedBadge.tooltip).textContent).toBe('Certified by Ada');
    fireEvent.blur(screen.getByTestId(testIds.certifiedBadge.icon));
    expect(screen.queryByTestId(testIds.certifiedBadge.tooltip)).toBeNull();
  });
});
