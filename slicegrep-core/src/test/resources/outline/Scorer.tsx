import React from 'react';

interface Props {
  query: string;
}

/** Shows the score of a query. */
export function ScoreView(
  props: Props,
): JSX.Element {
  const onClick = () => {
    console.log(props.query);
  };
  function label(q: string) {
    return <b>{q}</b>;
  }
  return (
    <div onClick={onClick}>
      {label(props.query)}
    </div>
  );
}

export class Panel extends React.Component<Props> {
  render() {
    return <ScoreView query={this.props.query} />;
  }
}

export const Badge = ({ text }: { text: string }) => <span>{text}</span>;
