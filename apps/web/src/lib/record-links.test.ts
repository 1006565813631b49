import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { getRecordBackLink, getRecordDetailHref, type RecordRoutes } from './record-links';

const { dashboard } = paths;
const routes: RecordRoutes = {
  noun: 'trade',
  overview: { list: dashboard.tradeHistory, detail: dashboard.tradeDetail },
  transactionHistory: { list: dashboard.trades, detail: dashboard.tradeTransaction },
};
const overviewList = dashboard.tradeHistory.getHref();
const historyList = dashboard.trades.getHref();

describe('record links (docs/product.md §2)', () => {
  it('opens a record under the list the user is in', () => {
    expect(getRecordDetailHref(routes, overviewList, 'T-1')).toBe(
      dashboard.tradeDetail.getHref('T-1'),
    );
    expect(getRecordDetailHref(routes, historyList, 'T-1')).toBe(
      dashboard.tradeTransaction.getHref('T-1'),
    );
  });

  it('goes back to that list, with its filters when the row left them', () => {
    const detail = dashboard.tradeTransaction.getHref('T-1');
    expect(getRecordBackLink(routes, detail, { from: `${historyList}?status=approved` })).toEqual({
      to: `${historyList}?status=approved`,
      label: 'Back to trades',
    });
    expect(getRecordBackLink(routes, dashboard.tradeDetail.getHref('T-1'), null)).toEqual({
      to: overviewList,
      label: 'Back to trade history',
    });
  });

  it('ignores a remembered address that is not the list', () => {
    const detail = dashboard.tradeTransaction.getHref('T-1');
    expect(getRecordBackLink(routes, detail, { from: '/elsewhere' }).to).toBe(historyList);
    expect(getRecordBackLink(routes, detail, { from: 42 }).to).toBe(historyList);
  });
});
