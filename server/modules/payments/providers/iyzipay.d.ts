// iyzipay ships no types: the part of its (CommonJS, callback) API the iyzico adapter uses.
declare module 'iyzipay' {
  type IyzicoResource = {
    create(request: object, callback: (err: unknown, result: unknown) => void): void;
    retrieve(request: object, callback: (err: unknown, result: unknown) => void): void;
    delete(request: object, callback: (err: unknown, result: unknown) => void): void;
  };

  export default class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    checkoutFormInitialize: IyzicoResource;
    checkoutForm: IyzicoResource;
    payment: IyzicoResource;
    refundV2: IyzicoResource;
    card: IyzicoResource;
  }
}
