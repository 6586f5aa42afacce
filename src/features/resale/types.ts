/** My page's 公式リセール (issue 41), as the server reads it for the page. */
export interface MyResale {
  /** Per presale whose listing is still open: the tickets the member may list, with what they would get back. */
  sellable: {
    presaleId: string;
    title: string;
    until: string;
    pairRule: 'single' | 'pair';
    feeYen: number;
    tickets: { id: string; applicationId: string; label: string; faceValueYen: number; refundYen: number }[];
  }[];
  listings: {
    id: string;
    title: string;
    seat: string;
    status: 'listed' | 'withdrawn' | 'matched' | 'sold' | 'refunded';
    faceValueYen: number;
    refundYen: number;
    listedAt: string;
  }[];
  /** Seat types the member may wait for. */
  offerings: { id: string; title: string; seat: string; priceYen: number; maxTickets: number }[];
  waits: {
    id: string;
    title: string;
    seat: string;
    tickets: number;
    method: 'card' | 'konbini';
    status: 'waiting' | 'matched' | 'paid' | 'cancelled' | 'lapsed';
    match: {
      id: string;
      status: 'due' | 'paid' | 'transferred' | 'lapsed';
      amountYen: number;
      dueAt: string;
      paymentNumber: string | null;
      voucherId: string | null;
    } | null;
  }[];
}

/** The seller's states, as My page names them. */
export const LISTING_LABELS: Record<MyResale['listings'][number]['status'], string> = {
  listed: '出品中',
  matched: '成立',
  sold: '成立',
  refunded: '返金済',
  withdrawn: '取消済',
};

/** The waiting member's states. */
export const WAIT_LABELS: Record<MyResale['waits'][number]['status'], string> = {
  waiting: '待機中',
  matched: '当選',
  paid: '支払い済',
  cancelled: '取消済',
  lapsed: '期限切れ',
};
