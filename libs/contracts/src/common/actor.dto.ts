import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { USER_ROLES, type UserRole } from './user';

/** The signed-in person a request acts for, as the gateway's session knows them; services enforce rules on it. */
export class ActorDto {
  @IsInt() id: number;
  @IsString() @IsNotEmpty() @MaxLength(64) username: string;
  @IsOptional() @IsString() @MaxLength(2048) avatar: string | null;
  @IsIn(USER_ROLES) role: UserRole;
}
