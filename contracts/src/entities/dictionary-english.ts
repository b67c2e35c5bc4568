/**
 * English of the dictionaries the first start seeds (the system ones in the gateway's seed and
 * contracts' business dictionaries): by code, the dictionary's own name, then the items' names
 * in key order. A dictionary row keeps the one value a user can edit (BladeX's dict_value, in
 * Chinese as seeded); the console shows these names in English while a row still holds the
 * seeded Chinese (dictionary-text.ts), and the user's own wording once it is edited.
 * `alarm_type` is named by the alarm rule registry instead.
 */
export const DICTIONARY_ENGLISH: Record<string, [name: string, items: Record<string, string>]> = {
  // System dictionaries
  sex: ['Sex', { 1: 'Male', 2: 'Female', 3: 'Unknown' }],
  notice: ['Notice type', { 1: 'Announcement', 2: 'Approval notice', 3: 'Forwarded notice', 4: 'Instruction', 5: 'Appointment notice', 6: 'Affairs notice' }],
  menu_category: ['Menu type', { 1: 'Menu', 2: 'Button' }],
  button_func: ['Button function', { 0: 'None', 1: 'Toolbar', 2: 'Row actions', 3: 'Toolbar and row actions' }],
  yes_no: ['Yes/no', { 1: 'No', 2: 'Yes' }],
  is_sealed: ['Sealed', { 0: 'No', 1: 'Yes' }],
  status: ['Status', { 1: 'Normal', 0: 'Disabled' }],
  org_category: ['Organisation type', { 1: 'Company', 2: 'Department', 3: 'Team' }],
  data_scope_type: ['Data scope', { 1: 'Everything', 2: 'Own records', 3: 'Own organisation', 4: 'Own organisation and below', 5: 'Custom' }],
  api_scope_type: ['API scope', { 1: 'System APIs', 2: 'Business APIs' }],
  scope_category: ['Scope type', { 1: 'Data scope', 2: 'API scope' }],
  oss: ['Object storage', { 1: 'MinIO', 2: 'Qiniu Cloud', 3: 'Alibaba Cloud', 4: 'Tencent Cloud', 5: 'Local disk' }],
  sms: ['SMS service', { 1: 'Yunpian', 2: 'Qiniu Cloud', 3: 'Alibaba Cloud', 4: 'Tencent Cloud', 5: 'Log only' }],
  post_category: ['Post type', { 1: 'Senior management', 2: 'Middle management', 3: 'Staff', 4: 'Other' }],
  region: ['Administrative division', { 0: 'Country', 1: 'Province / municipality', 2: 'City', 3: 'District / county', 4: 'Township', 5: 'Village' }],
  user_type: ['User platform', { 1: 'WEB', 2: 'APP', 3: 'OTHER' }],
  // Vehicles and their parts
  vehicle_status: ['Vehicle status', { 1: 'In stock', 2: 'Sold', 3: 'In service', 4: 'Out of service', 5: 'Under repair', 6: 'Scrapped' }],
  energy_type: ['Energy type', { 1: 'Battery electric', 2: 'Plug-in hybrid', 3: 'Range extender', 4: 'Fuel cell', 5: 'Petrol / diesel', 6: 'Natural gas' }],
  vehicle_purpose: ['Vehicle purpose', { 1: 'Logistics', 2: 'Public bus', 3: 'Taxi / ride hailing', 4: 'Sanitation', 5: 'Engineering', 6: 'Rental', 7: 'Private', 8: 'Energy storage', 9: 'Other' }],
  vehicle_type: ['Vehicle type', { 1: 'Passenger car', 2: 'Bus', 3: 'Light truck', 4: 'Medium truck', 5: 'Heavy truck', 6: 'Tractor unit', 7: 'Special vehicle' }],
  trailer_type: ['Trailer type', { 1: 'Box', 2: 'Flatbed', 3: 'Tank', 4: 'Refrigerated', 5: 'Container chassis', 6: 'Other' }],
  motor_type: ['Motor type', { 1: 'Permanent-magnet synchronous', 2: 'AC induction', 3: 'Switched reluctance', 4: 'DC' }],
  battery_chemistry: ['Battery type', {
    '01': 'Lithium iron phosphate', '02': 'Lithium manganese oxide', '03': 'Lithium cobalt oxide', '04': 'Ternary (NCM/NCA)', '05': 'Lithium polymer',
    '06': 'Supercapacitor', '07': 'Lithium titanate', '08': 'Sodium-ion', '09': 'Solid-state', FC: 'Fuel cell', FF: 'Other',
  }],
  battery_status: ['Battery status', { 1: 'In use', 2: 'In stock', 3: 'Under repair', 4: 'Second life', 5: 'Scrapped' }],
  customer_type: ['Customer type', { 1: 'Individual', 2: 'Company' }],
  distributor_level: ['Distributor level', { 1: 'First-tier distributor', 2: 'Second-tier distributor', 3: 'Service provider' }],
  vehicle_remark_type: ['Remark type', { 1: 'Daily note', 2: 'Fault note', 3: 'Customer feedback' }],
  // Terminals
  terminal_protocol: ['Terminal protocol', { 1: 'GB/T 32960-2016', 2: 'GB/T 32960-2025', 3: 'JT/T 808-2013', 4: 'JT/T 808-2019' }],
  terminal_status: ['Terminal status', { 1: 'In stock', 2: 'Installed', 3: 'Under repair', 4: 'Scrapped' }],
  terminal_category: ['Terminal category', { 1: 'Telematics box (T-BOX)', 2: 'BeiDou positioning terminal', 3: 'Video terminal', 4: 'Bluetooth terminal', 5: 'Smart cockpit terminal' }],
  terminal_change_type: ['Terminal change type', { 1: 'Install', 2: 'Replace', 3: 'Remove' }],
  // Charging
  station_type: ['Charging station type', { 1: 'Public', 2: 'Dedicated', 3: 'Private' }],
  pile_type: ['Charging pile type', { 1: 'DC fast', 2: 'AC slow', 3: 'AC/DC combined' }],
  pile_status: ['Charging pile status', { 1: 'Idle', 2: 'Charging', 3: 'Faulty', 4: 'Offline' }],
  charge_period: ['Tariff period', { 1: 'Critical peak', 2: 'Peak', 3: 'Flat', 4: 'Valley' }],
  service_station_type: ['Service station type', { 1: 'Dealer (4S)', 2: 'Class I repair shop', 3: 'Class II repair shop', 4: 'Quick service' }],
  // Alarms, faults, fences, instructions
  alarm_level: ['Alarm level', { 1: 'Level 1 alarm', 2: 'Level 2 alarm', 3: 'Level 3 alarm', 4: 'Level 4 alarm (thermal event)' }],
  handle_team_type: ['Handling team type', { 1: 'Alarm handling team', 2: 'CAN fault handling team' }],
  ecu_protocol: ['ECU diagnosis protocol', { 1: 'SAE J1939', 2: 'UDS (ISO 14229)', 3: 'J1939 and UDS' }],
  fence_type: ['Fence type', { 1: 'Circle', 2: 'Polygon' }],
  fence_alarm_on: ['Fence alarm on', { 1: 'Entering', 2: 'Leaving', 3: 'Entering and leaving' }],
  instruct_type: ['Instruction type', { 1: 'Parameter query', 2: 'Parameter setting', 3: 'Terminal control', 4: 'Remote diagnosis' }],
  instruct_status: ['Instruction status', { 1: 'Pending', 2: 'Sent', 3: 'Succeeded', 4: 'Failed', 5: 'Timed out', 6: 'Terminal offline' }],
  // Forwarding and reports
  platform_type: ['Platform type', { 1: 'National platform', 2: 'Local platform', 3: 'Enterprise platform', 4: 'Third-party platform' }],
  forward_encryption: ['Data encryption', { 1: 'None', 2: 'RSA', 3: 'AES128', 4: 'SM2', 5: 'SM4' }],
  notify_channel_type: ['Notification channel type', { email: 'E-mail', sms: 'SMS', dingtalk: 'DingTalk robot', wecom: 'WeCom robot', feishu: 'Feishu robot', webhook: 'Webhook' }],
  notify_sms_provider: ['SMS provider', { aliyun: 'Alibaba Cloud SMS', tencent: 'Tencent Cloud SMS' }],
  notify_language: ['Message language', { zh: 'Chinese', en: 'English' }],
  notify_channel_status: ['Channel status', { 0: 'Disabled', 1: 'Enabled' }],
  notify_status: ['Notification status', { 0: 'Pending', 1: 'Sent', 2: 'Failed' }],
  forward_status: ['Forwarding status', { 0: 'Stopped', 1: 'Forwarding' }],
  forward_link_state: ['Link state', { 0: 'Not connected', 1: 'Connecting', 2: 'Logged in', 3: 'Login refused', 4: 'Reissuing', 5: 'Unreachable' }],
  report_type: ['Report type', { 1: 'Daily alarm report', 2: 'Daily fault report', 3: 'Mileage statistics', 4: 'Energy statistics', 5: 'Online statistics', 6: 'Offline statistics' }],
  send_cycle: ['Send cycle', { 1: 'Daily', 2: 'Weekly', 3: 'Monthly' }],
  // Fleet team
  dispatch_status: ['Dispatch status', { 1: 'Draft', 2: 'Submitted', 3: 'Dispatched', 4: 'Withdrawn', 5: 'Closed' }],
  bill_type: ['Bill type', { 1: 'Fuel', 2: 'Charging', 3: 'Tolls', 4: 'Parking', 5: 'Repair', 6: 'Maintenance', 7: 'Fine', 8: 'Other' }],
  bill_status: ['Bill status', { 1: 'Awaiting review', 2: 'Approved', 3: 'Rejected' }],
  driver_status: ['Driver status', { 1: 'Employed', 2: 'On leave', 3: 'Left' }],
  license_type: ['Licence class', {
    A1: 'A1 Large bus', A2: 'A2 Heavy tractor-trailer', A3: 'A3 City bus', B1: 'B1 Medium bus',
    B2: 'B2 Large truck', C1: 'C1 Small car', C2: 'C2 Small automatic car',
  }],
  maintain_type: ['Maintenance type', { 1: 'First service', 2: 'Scheduled service', 3: 'Special service' }],
  repair_type: ['Repair type', { 1: 'Fault repair', 2: 'Accident repair', 3: 'Recall repair' }],
  repair_status: ['Repair status', { 1: 'Awaiting repair', 2: 'Under repair', 3: 'Completed' }],
  team_vehicle_usage: ['Vehicle use (fleet)', { 1: 'Trunk haulage', 2: 'City delivery', 3: 'Shuttle', 4: 'Commuting', 5: 'Reserve' }],
  team_vehicle_status: ['Fleet vehicle status', { 1: 'Idle', 2: 'On a job', 3: 'Under repair', 4: 'Out of use' }],
  account_type: ['Account type', { 1: 'Fuel card', 2: 'ETC card', 3: 'Charging card', 4: 'Bank account' }],
  // Logistics and inventory
  insurance_type: ['Insurance type', { 1: 'Cargo insurance', 2: 'Carrier liability', 3: 'Compulsory traffic insurance', 4: 'Commercial insurance' }],
  transfer_status: ['Transfer status', { 1: 'Awaiting shipment', 2: 'In transit', 3: 'Arrived', 4: 'Signed for', 5: 'Exception' }],
  storage_type: ['Warehouse type', { 1: 'Vehicle warehouse', 2: 'Transit depot', 3: 'Parts warehouse' }],
  storage_record_type: ['Stock movement type', { 1: 'Inbound', 2: 'Outbound' }],
  pm_status: ['Vehicle stock status', { 1: 'In stock', 2: 'In transit', 3: 'Sold', 4: 'Delivered', 5: 'Returned' }],
  operate_type: ['Operation type', { 1: 'Inbound', 2: 'Outbound', 3: 'Transfer', 4: 'Shipment', 5: 'Sale', 6: 'Return', 7: 'Arrival', 8: 'Delivery' }],
};
