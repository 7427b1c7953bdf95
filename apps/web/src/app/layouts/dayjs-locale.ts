import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Set by the layouts that show dates (staff, chatroom, default) rather than at start, so dayjs stays out of the
// login route's first load. Every page renders inside one of them, so the locale is set before any page formats a date.
dayjs.locale('zh-cn');
