import { addLocale, locale, localeOptions } from 'primereact/api';
import type { Language } from './i18n';

/**
 * What a screen reader says of PrimeReact's icon buttons (a dialog's close, a paginator's pages).
 * addLocale copies the English object whole, so the English labels stay where none is given here;
 * PrimeReact reads more keys than its types name, hence the cast. No name here holds a field's
 * label (the password toggle says 明文, not 密码): a field found by its label is found once.
 */
const ZH_ARIA = {
  ...(localeOptions('en') as { aria: Record<string, string> }).aria,
  close: '关闭', collapseLabel: '收起', expandLabel: '展开', expandRow: '行已展开', collapseRow: '行已收起',
  firstPageLabel: '第一页', lastPageLabel: '最后一页', nextPageLabel: '下一页', prevPageLabel: '上一页', pageLabel: '第 {page} 页',
  rowsPerPageLabel: '每页条数', jumpToPageDropdownLabel: '跳转页', jumpToPageInputLabel: '跳转页',
  selectAll: '全选', unselectAll: '取消全选', selectRow: '选中此行', unselectRow: '取消选中此行', selectLabel: '选择', unselectLabel: '取消选择',
  removeLabel: '移除', passwordShow: '显示明文', passwordHide: '隐藏明文', trueLabel: '是', falseLabel: '否', nullLabel: '未选择',
  scrollTop: '回到顶部', navigation: '导航', next: '下一个', previous: '上一个', listLabel: '选项列表',
} as Record<string, string> as Parameters<typeof addLocale>[1]['aria'];

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
  aria: ZH_ARIA,
});

export function applyPrimeLocale(language: Language): void {
  locale(language === 'zh' ? 'zh-CN' : 'en');
}
