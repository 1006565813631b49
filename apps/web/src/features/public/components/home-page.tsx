import { DownloadBlock } from './download-block';
import { HomeFaqs } from './home-faqs';
import { HomeHero } from './home-hero';
import { HowItWorks } from './how-it-works';
import { RewardsAndBusiness } from './rewards-and-business';
import { SignUpBanner } from './sign-up-banner';

/** /home, the landing page (docs/product.md §2). */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HowItWorks />
      <RewardsAndBusiness />
      <DownloadBlock />
      <HomeFaqs />
      <SignUpBanner />
    </>
  );
}
