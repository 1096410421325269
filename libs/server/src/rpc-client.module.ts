import { DynamicModule, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { natsConnectionOptions } from './nats-connection';
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
            ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(natsUrl(), name) }),
        },
        RpcClient,
      ],
      exports: [RpcClient, NATS_CLIENT],
    };
  }
}
