import { TRADE_ANSWER_IMAGES_MAX, TRADE_MESSAGE_MAX_LENGTH } from '@karta/shared/constants';
import { TRADE_STEP_MESSAGES } from '@karta/shared/schemas/trade-steps';
import type { Trade } from '@karta/shared/schemas/trades';
import { useId, useState, type SubmitEvent } from 'react';
import { RecordNotice } from '../../../components/history/record-notice';
import { Button } from '../../../components/ui/button';
import { SendProgress } from '../../../components/ui/send-progress';
import { TextArea } from '../../../components/ui/text-area';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useRespondTradeMutation } from '../api';
import type { TradePhoto } from '../trade-form-schema';
import { PhotoPicker } from '../../../components/photos/photo-picker';

/** Our latest question: what the seller is asked to answer now. */
const latestQuestion = (trade: Trade) =>
  trade.timeline.findLast((step) => step.status === 'info_requested')?.message ?? null;

/**
 * Our question on a trade in info_requested, and the seller's answer: words (needed) and up to
 * five photos, sent with upload progress. The trade goes back to review when it arrives.
 */
export function AnswerQuestion({ trade, userId }: { trade: Trade; userId: string }) {
  const headingId = useId();
  const [respond, { isLoading }] = useRespondTradeMutation();
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<TradePhoto[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const question = latestQuestion(trade);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!comment.trim()) {
      setErrors({ comment: TRADE_STEP_MESSAGES.ANSWER_REQUIRED });
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await respond({
        userId,
        tradeId: trade.id,
        comment,
        images: photos.map((photo) => photo.file),
        onProgress: (fraction) => {
          setProgress(fraction * 100);
        },
      }).unwrap();
      toast.success('Thank you. Your answer is with our team, and the review continues.');
    } catch (error) {
      // The toast says why; a field's problem also shows beside the field.
      const fieldErrors = getFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) markShownInPlace(error);
    }
    setProgress(null);
  };

  return (
    <RecordNotice label="Question from the Karta team" tone="pending">
      <h2 id={headingId} className="font-bold text-pending">
        We need a little more from you
      </h2>
      {question && (
        <p className="mt-1 break-words whitespace-pre-wrap text-ink">
          <span className="font-semibold">Karta team:</span> {question}
        </p>
      )}
      <form
        noValidate
        aria-labelledby={headingId}
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <TextArea
          label="Your answer"
          length={comment.length}
          maxLength={TRADE_MESSAGE_MAX_LENGTH}
          error={errors.comment}
          rows={3}
          value={comment}
          disabled={isLoading}
          onChange={(event) => {
            setComment(event.target.value);
          }}
        />
        <PhotoPicker
          legend="Photos (optional)"
          max={TRADE_ANSWER_IMAGES_MAX}
          photos={photos}
          onChange={setPhotos}
          error={errors.images}
        />
        {progress !== null && <SendProgress what="your answer" percent={progress} />}
        <Button type="submit" isLoading={isLoading} loadingText="Sending..." className="self-start">
          Send answer
        </Button>
      </form>
    </RecordNotice>
  );
}
