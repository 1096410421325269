// A module of its own, importing nothing: the landing page's plans name the price, and a module
// goes whole into the chunk that uses it (vip.constants brings the moderation rules along).

/** The spec's VIP price, US dollars a month (bought through the business contact, not in the product). */
export const VIP_MONTHLY_PRICE_USD = 9.99;
