import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AnswerView } from './AnswerView';

describe('a diagnosis answer', () => {
  it('shows its faults and their categories by name', () => {
    const responseData = { faults: [{ category: 'other', faultCode: '0004A8', faultName: 'SPN 168 FMI 4', spn: 168, fmi: 4 }] };
    render(<AnswerView row={{ id: '1', instructType: 4, responseData }} />);
    expect(screen.getByText('其他故障')).toBeInTheDocument();
    expect(screen.getByText('蓄电池电压(12V): 电压低于正常值或对低电平短路')).toBeInTheDocument();
    expect(screen.queryByText('SPN 168 FMI 4')).toBeNull();
  });
});
