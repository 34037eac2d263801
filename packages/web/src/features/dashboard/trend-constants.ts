/** Spec 000: the tallest bar of the sales trend is 200 px. */
export const TREND_BAR_MAX_PX = 200;
