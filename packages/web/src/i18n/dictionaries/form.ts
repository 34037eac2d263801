import { defineMessages } from './define-messages';
/** The form kit's own messages (components/form). */
export const form = defineMessages({
  'form.moneyInvalid': 'กรุณากรอกจำนวนเงินเป็นตัวเลข มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง',
});
