import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordChecklist, PasswordMatch } from './password-checklist';
import { SubmitWithIssues } from './submit-with-issues';

describe('SubmitWithIssues', () => {
  afterEach(cleanup);

  it('is disabled and names what is outstanding in a title and a visible list', () => {
    const { container } = render(
      <SubmitWithIssues issues={['Passwords do not match', 'Please select a grade (6-12)']}>Create account</SubmitWithIssues>,
    );
    const button = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(container.querySelector('.issues-wrap')!.getAttribute('title')).toBe('Passwords do not match\nPlease select a grade (6-12)');
    const list = within(screen.getByRole('tooltip'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(list).toEqual(['Passwords do not match', 'Please select a grade (6-12)']);
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('is enabled with no tooltip once every rule holds', () => {
    const { container } = render(<SubmitWithIssues issues={[]}>Create account</SubmitWithIssues>);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(container.querySelector('.issues-wrap')!.hasAttribute('title')).toBe(false);
  });
});

describe('PasswordChecklist', () => {
  afterEach(cleanup);

  it('ticks off the rules the password meets', () => {
    render(<PasswordChecklist password="abcdefgH" />);
    const met = screen
      .getAllByRole('listitem')
      .filter((li) => li.dataset.ok === 'true')
      .map((li) => li.textContent?.replace(/[✓○]| \(.*\)/g, '').trim());
    expect(met).toEqual(['At least 8 characters', 'One uppercase letter', 'One lowercase letter']);
  });

  it('says whether the confirmation matches, once typed', () => {
    const { rerender } = render(<PasswordMatch password="Abc#1234" confirm="" />);
    expect(screen.queryByTestId('password-match')).toBeNull();
    rerender(<PasswordMatch password="Abc#1234" confirm="Abc#123" />);
    expect(screen.getByTestId('password-match').textContent).toBe('✗ Passwords do not match');
    rerender(<PasswordMatch password="Abc#1234" confirm="Abc#1234" />);
    expect(screen.getByTestId('password-match').textContent).toBe('✓ Passwords match');
  });
});
