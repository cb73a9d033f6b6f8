import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { templateParamsHelp, templateParamsMessages, validateTemplateParams } from './templateParams';
import { TemplateParamsModal } from './TemplateParamsModal';

function editor(): HTMLTextAreaElement {
  return screen.getByTestId<HTMLTextAreaElement>(testIds.sqlLab.templateParamsEditor);
}

function saveButton(): HTMLButtonElement {
  return screen.getByTestId<HTMLButtonElement>(testIds.sqlLab.templateParamsSave);
}

describe('validateTemplateParams', () => {
  it('keeps a JSON object as typed, and clears on blank text', () => {
    expect(validateTemplateParams('{"my_table": "foo"}')).toEqual({ isValid: true, value: '{"my_table": "foo"}' });
    expect(validateTemplateParams('  ')).toEqual({ isValid: true, value: null });
  });

  it('refuses invalid JSON and JSON that is not an object', () => {
    expect(validateTemplateParams('{"a": ')).toEqual({ isValid: false, error: templateParamsMessages.invalidJson });
    expect(validateTemplateParams('[1]')).toEqual({ isValid: false, error: templateParamsMessages.notAnObject });
    expect(validateTemplateParams('"text"')).toEqual({ isValid: false, error: templateParamsMessages.notAnObject });
    expect(validateTemplateParams('null')).toEqual({ isValid: false, error: templateParamsMessages.notAnObject });
  });
});

describe('TemplateParamsModal', () => {
  it('shows the title, the help text and the tab\'s parameters ("{}" when none)', () => {
    renderWithTheme(<TemplateParamsModal templateParams={null} onClose={() => undefined} onSave={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Template parameters' })).toBeTruthy();
    expect(screen.getByText(templateParamsHelp)).toBeTruthy();
    expect(templateParamsHelp).toBe(
      'Assign a set of parameters as JSON below (example: {"my_table": "foo"}), and they become available in your SQL (example: SELECT * FROM {{ my_table }} ) by using Jinja templating syntax.',
    );
    expect(editor().value).toBe('{}');
  });

  it('says when the JSON is invalid and does not save it', () => {
    const onSave = vi.fn();
    renderWithTheme(<TemplateParamsModal templateParams='{"state": "CA"}' onClose={() => undefined} onSave={onSave} />);
    expect(editor().value).toBe('{"state": "CA"}');
    fireEvent.change(editor(), { target: { value: '{"state": ' } });
    expect(screen.getByTestId(testIds.sqlLab.templateParamsError).textContent).toBe('Invalid JSON');
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves valid JSON as typed, and blank text as no parameters', () => {
    const onSave = vi.fn();
    renderWithTheme(<TemplateParamsModal templateParams={null} onClose={() => undefined} onSave={onSave} />);
    fireEvent.change(editor(), { target: { value: '{"gender": "girl"}' } });
    expect(screen.queryByTestId(testIds.sqlLab.templateParamsError)).toBeNull();
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenLastCalledWith('{"gender": "girl"}');
    fireEvent.change(editor(), { target: { value: '' } });
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenLastCalledWith(null);
  });

  it('closes on Cancel without saving', () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    renderWithTheme(<TemplateParamsModal templateParams={null} onClose={onClose} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
