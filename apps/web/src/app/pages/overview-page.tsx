import { Outlet } from 'react-router';
import { useAppSelector } from '../../lib/store/hooks';
import { Carousel } from '../../components/ui/carousel';
import { GIFT_CARD_BRANDS, GiftCardArt } from '../../components/ui/gift-card-art';
import { paths } from '../../config/paths';
import { selectKnownUser } from '../../lib/session/auth-slice';
import { WalletActivity } from '../../features/wallet/components/wallet-activity';
import { WalletCard } from '../../features/wallet/components/wallet-card';
import { StatementDownload } from '../../features/wallet/components/statement-download';
import { TabLinks } from '../../components/ui/tab-links';

const TABS = [
  { label: 'Trade History', to: paths.dashboard.tradeHistory.getHref() },
  { label: 'Withdrawal History', to: paths.dashboard.withdrawalHistory.getHref() },
];

/** docs/product.md §2: a carousel of five local images of gift card brands. */
const BRAND_SLIDES = GIFT_CARD_BRANDS.slice(0, 5).map((brand) => (
  <div key={brand.name} className="px-2 pt-2 pb-4">
    <GiftCardArt {...brand} className="rounded-[16px] shadow-md shadow-brand-deep/20" />
  </div>
));

/** Dashboard home: a welcome, the wallet, and the recent trades and withdrawals below. */
export function OverviewPage() {
  const user = useAppSelector(selectKnownUser);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">
          Welcome back{user ? `, ${user.first_name}` : ''}
        </h1>
        <p className="mt-1 text-slate">Here is where your trades and your naira stand.</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <WalletCard />
        <section aria-labelledby="brands-title" className="rounded-[12px] bg-white p-4 md:p-6">
          <h2 id="brands-title" className="text-lg font-bold text-ink">
            Gift cards we buy
          </h2>
          <Carousel
            slides={BRAND_SLIDES}
            label="Gift card brands, one at a time"
            className="mx-auto mt-3 max-w-sm"
          />
        </section>
      </div>

      <StatementDownload />

      <section aria-labelledby="recent-title" className="rounded-[12px] bg-white p-4 md:p-6">
        <h2 id="recent-title" className="mb-3 text-lg font-bold text-ink">
          Recent transactions
        </h2>
        <TabLinks label="Recent transactions" tabs={TABS} />
        <div className="pt-5">
          <Outlet />
        </div>
      </section>

      <WalletActivity />
    </div>
  );
}
