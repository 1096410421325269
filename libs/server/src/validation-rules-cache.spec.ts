import { IsInt, IsString, MaxLength, Min, validateSync } from 'class-validator';
import { keepValidationRules } from './validation-rules-cache';

class Base {
  @IsInt() @Min(1) id!: number;
}

class Child extends Base {
  @IsString() @MaxLength(5) name!: string;
}

function problems(target: object): string[] {
  return validateSync(target, { whitelist: true, forbidNonWhitelisted: true }).flatMap((error) => Object.values(error.constraints ?? {}));
}

function child(values: Record<string, unknown>): Child {
  return Object.assign(new Child(), values);
}

describe('keepValidationRules', () => {
  beforeAll(() => keepValidationRules());

  it('answers as class-validator does, inherited rules included, every time', () => {
    for (let round = 0; round < 2; round++) {
      expect(problems(child({ id: 3, name: 'ab' }))).toEqual([]);
      expect(problems(child({ id: 0, name: 'abcdefg' }))).toEqual(['name must be shorter than or equal to 5 characters', 'id must not be less than 1']);
      expect(problems(child({ id: 3, name: 'ab', extra: true }))).toEqual(['property extra should not exist']);
    }
  });

  it('takes in a rule added to a class after it was first validated', () => {
    class Profile {
      @IsInt() age!: number;
    }
    expect(problems(Object.assign(new Profile(), { age: 30, nick: 7 }))).toEqual(['property nick should not exist']);
    // As a decorator declared in a module loaded later would: the kept answer for Profile is stale.
    IsString()(Profile.prototype, 'nick');
    expect(problems(Object.assign(new Profile(), { age: 30, nick: 7 }))).toEqual(['nick must be a string']);
  });
});
