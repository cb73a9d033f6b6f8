import { describe, expect, it } from 'vitest';
import { risonBetween } from './resourceListApi';
import {
  createFailedMessage,
  favoriteStatusFetchFailedMessage,
  favoriteStatusSaveFailedMessage,
  infoFetchFailedMessage,
  listFetchFailedMessage,
} from './resourceMessages';

describe('resource messages', () => {
  it("fill the spec's texts in order", () => {
    expect(infoFetchFailedMessage('chart', 'Forbidden')).toBe('An error occurred while fetching chart info: Forbidden');
    expect(listFetchFailedMessage('charts', 'Server error')).toBe('An error occurred while fetching charts: Server error');
    expect(createFailedMessage('tags', 'Conflict')).toBe('An error occurred while creating tags: Conflict');
    expect(favoriteStatusFetchFailedMessage('Not found')).toBe('There was an error fetching the favorite status: Not found');
    expect(favoriteStatusSaveFailedMessage('Not found')).toBe('There was an error saving the favorite status: Not found');
  });
});

describe('risonBetween', () => {
  it('sends a between filter as gt plus lt, and nothing when an end is missing', () => {
    expect(risonBetween('changed_on', '2026-01-01,2026-02-01')).toBe(
      "(col:changed_on,opr:gt,value:'2026-01-01'),(col:changed_on,opr:lt,value:'2026-02-01')",
    );
    expect(risonBetween('changed_on', '2026-01-01,')).toBeNull();
    expect(risonBetween('changed_on', '')).toBeNull();
  });
});
