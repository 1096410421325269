import type { UploadedFileDto } from '@app/contracts';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { chatImageSender, sellerMediaSender } from '../api/media-uploads';
import { MEDIA_TEXT } from '../media-copy';
import { MEDIA_TEST_MAX_FILES } from '../upload-rules';
import { UploadedFiles } from './uploaded-files';
import { Uploader } from './uploader';

const sendSellerMedia = sellerMediaSender(MEDIA_TEST_MAX_FILES);

/** The two upload routes side by side, each with what it stored. */
export function MediaTestPanel() {
  const [sellerFiles, setSellerFiles] = useState<UploadedFileDto[]>([]);
  const [chatFiles, setChatFiles] = useState<UploadedFileDto[]>([]);

  return (
    <Card className="p-4 sm:p-6">
      <Tabs defaultValue="media">
        <TabsList>
          <TabsTrigger value="media">{MEDIA_TEXT.mediaTab}</TabsTrigger>
          <TabsTrigger value="chat">{MEDIA_TEXT.chatTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="media">
          <p className="mb-3 text-sm text-muted-foreground">{MEDIA_TEXT.mediaTabHint(MEDIA_TEST_MAX_FILES)}</p>
          <Uploader
            purpose="seller"
            send={sendSellerMedia}
            maxFiles={MEDIA_TEST_MAX_FILES}
            label={MEDIA_TEXT.mediaTab}
            onUploaded={(files) => setSellerFiles((previous) => [...files, ...previous])}
          />
          <UploadedFiles files={sellerFiles} />
        </TabsContent>
        <TabsContent value="chat">
          <p className="mb-3 text-sm text-muted-foreground">{MEDIA_TEXT.chatTabHint}</p>
          <Uploader
            purpose="chat"
            send={chatImageSender}
            label={MEDIA_TEXT.chatTab}
            onUploaded={(files) => setChatFiles((previous) => [...files, ...previous])}
          />
          <UploadedFiles files={chatFiles} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
