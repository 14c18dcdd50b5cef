/** A growth rate as a change is read, its sign written: "+0.91% a year", "−0.08% a year", "+2.17%/yr". */
export const growthText = (rate: number, per = '% a year') =>
  `${rate > 0 ? '+' : rate < 0 ? '−' : ''}${Math.abs(rate).toFixed(2)}${per}`;
