import PrimeReact from 'primereact/api';
import { t } from '../i18n/i18n';

/**
 * Pass-through fixes to PrimeReact's markup, for every instance (WCAG 2.1 A/AA as axe checks it).
 * Each hides a duplicate of a control that is already named and keyboard operable, or removes a
 * role the element cannot carry; none changes how a control looks or behaves.
 */
const HIDDEN = { 'aria-hidden': true } as const;
type PtOptions = { props: Record<string, unknown> };

export function installPrimeA11y(): void {
  PrimeReact.pt = {
    ...PrimeReact.pt,
    // The hidden <select> only carries the form value, and the arrow is the pointer's: the
    // combobox input beside them is the named, focusable control.
    dropdown: { select: { ...HIDDEN, tabIndex: -1 }, trigger: HIDDEN },
    treeselect: { trigger: HIDDEN },
    // The table's selection boxes put role="checkbox" on the wrapper around the real, named
    // <input type="checkbox">: one control announced twice, one of them without a state.
    // The tree table's boxes get no name at all: they select their row.
    checkbox: {
      root: ({ props }: PtOptions) => (props.role === 'checkbox' ? { role: undefined, 'aria-label': undefined } : {}),
      input: ({ props }: PtOptions) => (props['aria-label'] || props.inputId ? {} : { 'aria-label': t('crudSelectRow') }),
    },
    // Same for switches: the <input> inside is the control, announced as a switch.
    inputswitch: { root: { role: undefined, 'aria-checked': undefined }, input: { role: 'switch' } },
    // Tree togglers are out of the Tab order: the tree item itself opens and closes with the arrows.
    // A tree item is named by its content (a row shows more than its label: counts, the VIN).
    tree: { toggler: HIDDEN, node: { 'aria-label': undefined } },
    // The tree table nests a role="table" in another: the inner table is the tree grid its rows
    // (levels, expanded states) belong to.
    treetable: { root: { role: undefined }, table: { role: 'treegrid' }, rowToggler: HIDDEN },
  } as typeof PrimeReact.pt;
}
