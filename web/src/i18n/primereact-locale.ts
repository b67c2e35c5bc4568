import { addLocale, locale } from 'primereact/api';
import type { Language } from './i18n';

/**
 * PrimeReact's own words (confirm buttons, paginator, calendar) in the console's language:
 * its default is English, whatever our i18n says.
 */
addLocale('zh-CN', {
  accept: '确定', reject: '取消', choose: '选择', upload: '上传', cancel: '取消', clear: '清除', close: '关闭',
  apply: '应用', today: '今天', weekHeader: '周', firstDayOfWeek: 1, dateFormat: 'yy-mm-dd',
  dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
  monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  emptyMessage: '暂无数据', emptyFilterMessage: '无匹配结果',
  passwordPrompt: '请输入密码',
});

export function applyPrimeLocale(language: Language): void {
  locale(language === 'zh' ? 'zh-CN' : 'en');
}
