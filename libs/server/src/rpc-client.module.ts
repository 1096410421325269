import { DynamicModule, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { NATS_CLIENT, RpcClient } from './rpc-client';

/** Provides RpcClient over a NATS connection; natsUrl is read when the module is created. */
@Module({})
export class RpcClientModule {
  static forRoot(natsUrl: () => string, name: string): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        {
          provide: NATS_CLIENT,
          useFactory: () =>
            ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl()], name } }),
        },
        RpcClient,
      ],
      exports: [RpcClient, NATS_CLIENT],
    };
  }
}
