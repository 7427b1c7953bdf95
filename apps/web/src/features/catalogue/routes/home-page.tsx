import { HomeCarousel } from '../components/home/home-carousel';
import { HomeCategories } from '../components/home/home-categories';
import { HomeDoctors } from '../components/home/home-doctors';
import { HomeEntries } from '../components/home/home-entries';
import { HomeExposure } from '../components/home/home-exposure';
import { HomeHotCard } from '../components/home/home-hot-card';
import { HomeNotice } from '../components/home/home-notice';
import { HomeProductBox } from '../components/home/home-product-box';
import { HomeQuoteBlock } from '../components/home/home-quote-block';
import { HomeSwiper } from '../components/home/home-swiper';
import { MedicineSearchBox } from '../components/medicine-search-box';

/** `/` — the public home: search and the ten blocks, fed by the content API and the catalogue. */
export default function HomePage() {
  return (
    <div className="cat-stack">
      <h1
        className="sr-only"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        药房平台首页
      </h1>
      <MedicineSearchBox />
      <HomeSwiper />
      <HomeNotice />
      <HomeEntries />
      <HomeCategories />
      <HomeHotCard />
      <HomeProductBox />
      <HomeCarousel />
      <HomeQuoteBlock />
      <HomeExposure />
      <HomeDoctors />
    </div>
  );
}
