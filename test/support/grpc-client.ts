import {
  type ChannelCredentials,
  type Client,
  credentials,
  Metadata,
  makeGenericClientConstructor,
  type ServiceDefinition,
  type ServiceError,
} from "@grpc/grpc-js";

type Callback<Res> = (e: ServiceError | null, r?: Res) => void;

/**
 * A client of one unary rpc of a lexnav service on 127.0.0.1, built from the same binding the server
 * registers (`grpcServiceDefinition`); `call` resolves to the response or rejects with the status error.
 */
export function unaryClient<Req, Res>(
  definition: ServiceDefinition,
  method: string,
  port: number,
  channel: ChannelCredentials = credentials.createInsecure(),
) {
  const Ctor = makeGenericClientConstructor(definition, method);
  const client = new Ctor(`127.0.0.1:${port}`, channel) as unknown as Client &
    Record<string, (req: Req, md: Metadata, cb: Callback<Res>) => unknown>;
  const rpc = client[method] as (req: Req, md: Metadata, cb: Callback<Res>) => unknown;
  const call = (request: Req, metadata = new Metadata()) =>
    new Promise<Res>((resolve, reject) =>
      rpc.call(client, request, metadata, (e, r) => (e ? reject(e) : resolve(r as Res))),
    );
  /** The status error of a call expected to be refused. */
  const refusal = (request: Req) =>
    call(request).then(
      () => {
        throw new Error("expected the call to be refused");
      },
      (e: ServiceError) => e,
    );
  return { call, refusal, close: () => client.close() };
}
