import { SiteFooter } from '@/components/layout/site-footer';
import { Seo } from '@/components/seo';
import { CategoryTiles } from '@/features/landing/components/category-tiles';
import { FeaturedExperts } from '@/features/landing/components/featured-experts';
import { HeroSection } from '@/features/landing/components/hero-section';
import {
  FeaturesSection,
  HowItWorksSection,
  PlansSection,
  SafetySection,
} from '@/features/landing/components/info-sections';
import landingEnglish from '@/i18n/catalogues/en/landing.json';
import { addEnglish } from '@/i18n/i18n';

addEnglish(landingEnglish);

export function LandingScreen() {
  return (
    <>
      <Seo searchAction />
      <main>
        <HeroSection />
        <CategoryTiles />
        <FeaturedExperts />
        <HowItWorksSection />
        <FeaturesSection />
        <SafetySection />
        <PlansSection />
      </main>
      <SiteFooter />
    </>
  );
}
