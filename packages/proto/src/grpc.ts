import { type DescService, fromBinary, type MessageShape, toBinary } from "@bufbuild/protobuf";
import type { MethodDefinition, ServiceDefinition } from "@grpc/grpc-js";

/**
 * The gRPC binding of a lexnav service contract: one grpc-js method definition per unary rpc of the
 * generated descriptor, messages on the wire as protobuf binary. Servers register handlers against it
 * (`server.addService`), clients are built from it (`makeGenericClientConstructor`), so both ends use
 * the schemas `pnpm proto:gen` generated and nothing is loaded from .proto files at run time.
 */
export function grpcServiceDefinition(service: DescService): ServiceDefinition {
  const definition: Record<string, MethodDefinition<unknown, unknown>> = {};
  for (const method of service.methods) {
    if (method.methodKind !== "unary")
      throw new Error(`${service.typeName}.${method.name}: only unary methods have a gRPC binding yet`);
    const input = method.input;
    const output = method.output;
    definition[method.localName] = {
      path: `/${service.typeName}/${method.name}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: (m) => Buffer.from(toBinary(input, m as MessageShape<typeof input>)),
      requestDeserialize: (b: Buffer) => fromBinary(input, b),
      responseSerialize: (m) => Buffer.from(toBinary(output, m as MessageShape<typeof output>)),
      responseDeserialize: (b: Buffer) => fromBinary(output, b),
    };
  }
  return definition;
}
