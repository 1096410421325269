import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ogImagePng } from './og-image';

@ApiTags('seo')
@Controller()
export class SeoController {
  @ApiOperation({ summary: 'The 1200×630 PNG used by social-share tags' })
  @ApiProduces('image/png')
  @Get('og-image')
  async ogImage(@Res() res: Response) {
    const png = await ogImagePng();
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.send(png);
  }
}
