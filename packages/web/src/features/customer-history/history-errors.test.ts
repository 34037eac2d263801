import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n';
import type { MessageKey, MessageParams } from '../../i18n';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { customerHistoryApi } from './customer-history.queries';
import { PayloadShapeError } from '../customers/customers-payload';
import { historyErrorMessage, MissingTokenError } from './history-errors';

const th = (key: MessageKey, params?: MessageParams) => translate('th', key, params);
const en = (key: MessageKey, params?: MessageParams) => translate('en', key, params);

const httpError = (status: number, message = 'ข้อความจากเซิร์ฟเวอร์') =>
  new ApiError({ status, code: 'SOME_CODE', message, fromServer: true });

describe('customer history HTTP error messages (spec 001 §8)', () => {
  it.each([
    [401, 'Token หมดอายุ กรุณาเข้าสู่ระบบใหม่', 'Token expired, please log in again'],
    [403, 'ไม่มีสิทธิ์เข้าถึงข้อมูล กรุณาติดต่อผู้ดูแลระบบ', 'No permission to access data, contact administrator'],
    [404, 'ไม่พบ API endpoint กรุณาติดต่อผู้ดูแลระบบ', 'API endpoint not found, contact administrator'],
    [500, 'เซิร์ฟเวอร์มีปัญหา กรุณาลองใหม่อีกครั้ง', 'Server problem, please try again'],
    [502, 'เซิร์ฟเวอร์มีปัญหา กรุณาลองใหม่อีกครั้ง', 'Server problem, please try again'],
    [503, 'เซิร์ฟเวอร์มีปัญหา กรุณาลองใหม่อีกครั้ง', 'Server problem, please try again'],
  ])('maps %i', (status, thai, english) => {
    expect(historyErrorMessage(httpError(status), th)).toBe(thai);
    expect(historyErrorMessage(httpError(status), en)).toBe(english);
  });

  it('shows other statuses as "API Error (status): message"', () => {
    expect(historyErrorMessage(httpError(409, 'ขัดแย้ง'), th)).toBe('API Error (409): ขัดแย้ง');
    expect(historyErrorMessage(httpError(429, 'ช้าลง'), en)).toBe('API Error (429): ช้าลง');
    expect(historyErrorMessage(httpError(400, 'bad'), th)).toBe('API Error (400): bad');
  });

  it('says the server cannot be reached when no answer came back', () => {
    const network = new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'x' });
    const timeout = new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: 'x' });
    expect(historyErrorMessage(network, th)).toBe('ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ต');
    expect(historyErrorMessage(timeout, en)).toBe('Cannot connect to server, check internet connection');
  });

  it('names bad shapes of customers and of sales', () => {
    expect(historyErrorMessage(new PayloadShapeError('customers'), th)).toBe('รูปแบบข้อมูลลูกค้าไม่ถูกต้อง');
    expect(historyErrorMessage(new PayloadShapeError('sales'), th)).toBe('รูปแบบข้อมูลการขายไม่ถูกต้อง');
    expect(historyErrorMessage(new PayloadShapeError('customers'), en)).toBe('Customer data format is invalid');
    expect(historyErrorMessage(new PayloadShapeError('sales'), en)).toBe('Sales data format is invalid');
  });

  it('says a missing token means signing in again, and shows anything else with its message', () => {
    expect(historyErrorMessage(new MissingTokenError(), th)).toBe('ไม่พบ Token สำหรับยืนยันตัวตน กรุณาเข้าสู่ระบบใหม่');
    expect(historyErrorMessage(new MissingTokenError(), en)).toBe(
      'Authentication token not found, please log in again',
    );
    expect(historyErrorMessage(new Error('boom'), th)).toBe('เกิดข้อผิดพลาด: boom');
    expect(historyErrorMessage('weird', en)).toBe('An error occurred: weird');
    const aborted = new ApiError({ status: 0, code: CLIENT_ERROR_CODES.aborted, message: 'คำขอถูกยกเลิก' });
    expect(historyErrorMessage(aborted, th)).toBe('เกิดข้อผิดพลาด: คำขอถูกยกเลิก');
  });
});

describe('customer history loads', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('needs the stored token before calling the server', async () => {
    await expect(customerHistoryApi.customers()).rejects.toBeInstanceOf(MissingTokenError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns an answer of the wrong shape into a shape error, and an HTTP failure into its status', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ nope: true }), { status: 200 }));
    await expect(customerHistoryApi.customers()).rejects.toMatchObject({ kind: 'customers' });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'ไม่มีสิทธิ์', code: 'FORBIDDEN' }), { status: 403 }),
    );
    const failure = await customerHistoryApi.sales(7).catch((error: unknown) => error);
    expect(historyErrorMessage(failure, th)).toBe('ไม่มีสิทธิ์เข้าถึงข้อมูล กรุณาติดต่อผู้ดูแลระบบ');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/customers/7/history');
  });
});
