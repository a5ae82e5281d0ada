export interface UploadInFlight {
  id: string;
  name: string;
  percent: number;
  cancel(): void;
}

/** The uploads on their way: name, a progress bar with its percent, and Cancel. */
export function UploadProgressList({
  uploads,
  label,
}: {
  uploads: UploadInFlight[];
  label: string;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-progress" aria-label={label}>
      {uploads.map((upload) => (
        <li key={upload.id}>
          <span className="upload-progress-name">{upload.name}</span>
          <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`}>
            {upload.percent}%
          </progress>
          <span className="upload-progress-percent" aria-live="polite">
            {upload.percent}%
          </span>
          <button type="button" className="button button-ghost" onClick={upload.cancel}>
            Cancel<span className="visually-hidden"> upload of {upload.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
