import { speaker } from '../request-language.ts';

/** The stock moves' refusals (workflows/stock-moves.ts). */
export const stockText = speaker(
  {
    notInStorage: () => '车辆不在该仓库, 不能出库',
    chooseTarget: () => '请选择目的仓库',
    notAtOrigin: () => '车辆不在起运仓库',
    notInFromStorage: () => '车辆不在原仓库',
    sameArea: () => '目标库区与当前所在库区相同',
    badType: ({ entity }: { entity: string }) => `${entity}: 无效的类型`,
    inTransit: ({ transferNo, state, action }: { transferNo: string; state: string; action: string }) =>
      `车辆由转运单 ${transferNo} 承运中(${state}), 到达前不能${action}`,
    recorded: ({ entity, field }: { entity: string; field: string }) => `${entity}已记入库存, ${field}不能修改`,
    placedByMoves: () => '库存位置只能经出入库和移库改变',
  },
  {
    notInStorage: () => 'The vehicle is not in this storage, so it cannot leave it',
    chooseTarget: () => 'Please choose the destination storage',
    notAtOrigin: () => 'The vehicle is not in the storage it ships from',
    notInFromStorage: () => 'The vehicle is not in the storage it moves from',
    sameArea: () => 'The target area is the one the vehicle is in',
    badType: ({ entity }) => `${entity}: unknown type`,
    inTransit: ({ transferNo, state, action }) => `The vehicle is carried by transfer ${transferNo} (${state}); until it arrives it cannot ${action}`,
    recorded: ({ entity, field }) => `${entity} is booked into the stock; ${field} cannot change`,
    placedByMoves: () => 'Where a vehicle is stocked changes only through stock-in, stock-out and moves',
  },
);
