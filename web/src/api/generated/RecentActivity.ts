export type RecentActivity = { action: string, item_type: string, item_url: string, item_title: string, time: number, time_delta_humanized: string, };
